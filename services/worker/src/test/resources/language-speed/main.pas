program Sum;
var
  total, number: Int64;
begin
  total := 0;
  while not SeekEof do
  begin
    Read(number);
    total := total + number;
  end;
  WriteLn(total);
end.
