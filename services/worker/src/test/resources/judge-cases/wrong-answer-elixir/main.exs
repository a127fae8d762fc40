[a, b] = IO.read(:stdio, :line) |> String.split() |> Enum.map(&String.to_integer/1)
IO.puts(a + b + 1)
