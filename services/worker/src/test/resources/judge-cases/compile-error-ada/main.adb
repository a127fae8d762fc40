with Ada.Text_IO;

procedure Main is
begin
   Ada.Text_IO.Put_Line (Undeclared_Name);
end Main;
