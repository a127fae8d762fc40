import strutils

var total = 0
for line in stdin.lines:
  total += parseInt(line.strip)
echo total
