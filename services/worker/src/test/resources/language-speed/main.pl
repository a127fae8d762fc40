my $sum = 0;
while (my $line = <STDIN>) {
    $sum += $line;
}
print "$sum\n";
