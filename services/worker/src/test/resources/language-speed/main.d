import std.conv : to;
import std.stdio : stdin, writeln;
import std.string : strip;

void main()
{
    long total = 0;
    foreach (line; stdin.byLine)
        total += line.strip.to!long;
    writeln(total);
}
