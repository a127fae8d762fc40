main :: IO ()
main = print undeclaredName
