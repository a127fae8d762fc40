program broken
  implicit none
  print *, undeclared_name
end program broken
