my ($x, $y) = split ' ', <STDIN>;
print $x + $y + 1, "\n";
