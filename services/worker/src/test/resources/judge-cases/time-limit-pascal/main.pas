program Spin;
var i: LongInt;
begin
  i := 0;
  while i >= 0 do i := (i + 1) mod 1000;
  WriteLn(i);
end.
