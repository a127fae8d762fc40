my ($x, $y) = split ' ', <STDIN>;
exit 3;
