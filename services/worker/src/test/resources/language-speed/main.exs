IO.stream(:stdio, :line)
|> Enum.reduce(0, fn line, total -> total + String.to_integer(String.trim(line)) end)
|> IO.puts()
