sum = 0
$stdin.each_line { |line| sum += line.to_i }
puts sum
