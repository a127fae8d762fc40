local total = 0
for line in io.lines() do total = total + math.tointeger(tonumber(line)) end
print(total)
