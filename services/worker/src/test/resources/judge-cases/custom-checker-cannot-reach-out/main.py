open("contestant-was-here", "w").write("x")
print(1)
