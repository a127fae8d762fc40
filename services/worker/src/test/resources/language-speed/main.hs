import qualified Data.ByteString.Char8 as B
import Data.Maybe (mapMaybe)

main :: IO ()
main = do
  input <- B.getContents
  print (sum (map fst (mapMaybe B.readInt (B.lines input))))
