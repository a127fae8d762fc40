# 1.5 of a test, then (never read) what Java but not CMS would take for a number.
print("1.5")
print("0x1p0")
