lassign [gets stdin] a b
puts [expr {$a + $b + 1}]
