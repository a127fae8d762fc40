with Ada.Text_IO;

procedure Main is
   I : Integer := 0;
begin
   while I >= 0 loop
      I := (I + 1) mod 1000;
   end loop;
   Ada.Text_IO.Put_Line (Integer'Image (I));
end Main;
