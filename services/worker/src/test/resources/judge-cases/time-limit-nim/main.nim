var i = 0
while i >= 0:
  i = (i + 1) mod 1000
echo i
