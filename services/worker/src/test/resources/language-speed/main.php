<?php
$sum = 0;
while (($line = fgets(STDIN)) !== false) {
    $sum += (int) $line;
}
echo $sum, "\n";
