import std.stdio;

void main()
{
    writeln(undeclaredName);
}
