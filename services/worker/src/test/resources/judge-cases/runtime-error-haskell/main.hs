import System.Exit

main :: IO ()
main = exitWith (ExitFailure 3)
