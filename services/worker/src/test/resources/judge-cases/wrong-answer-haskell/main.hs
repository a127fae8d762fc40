import Data.Int (Int64)

main :: IO ()
main = do
  [a, b] <- map read . words <$> getLine :: IO [Int64]
  print (a + b + 1)
