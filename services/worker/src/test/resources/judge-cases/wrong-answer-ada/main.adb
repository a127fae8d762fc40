with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   package Long_IO is new Ada.Text_IO.Integer_IO (Long_Long_Integer);
   A, B : Long_Long_Integer;
begin
   Long_IO.Get (A);
   Long_IO.Get (B);
   Long_IO.Put (A + B + 1, Width => 0);
   New_Line;
end Main;
