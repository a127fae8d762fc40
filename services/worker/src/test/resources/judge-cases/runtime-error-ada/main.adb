with Ada.Command_Line;

procedure Main is
begin
   Ada.Command_Line.Set_Exit_Status (3);
end Main;
