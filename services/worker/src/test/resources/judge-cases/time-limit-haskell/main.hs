spin :: Int -> Int
spin i = spin ((i + 1) `mod` 1000)

main :: IO ()
main = print (spin 0)
