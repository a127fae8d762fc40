program Broken;
begin
  WriteLn(UndeclaredName);
end.
