set i 0
while {1} { set i [expr {($i + 1) % 1000}] }
