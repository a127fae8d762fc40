set total 0
while {[gets stdin line] >= 0} { incr total $line }
puts $total
