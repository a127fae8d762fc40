with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   package Long_IO is new Ada.Text_IO.Integer_IO (Long_Long_Integer);
   Total, Number : Long_Long_Integer := 0;
begin
   while not End_Of_File loop
      Long_IO.Get (Number);
      Total := Total + Number;
   end loop;
   Long_IO.Put (Total, Width => 0);
   New_Line;
end Main;
