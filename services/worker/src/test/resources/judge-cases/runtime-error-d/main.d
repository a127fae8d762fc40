import core.stdc.stdlib : exit;

void main()
{
    exit(3);
}
