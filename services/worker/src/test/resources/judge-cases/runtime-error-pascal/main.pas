program Fail;
begin
  Halt(3);
end.
