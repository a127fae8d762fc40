program spin
  integer(kind=8) :: i
  i = 0
  do while (i >= 0)
    i = mod(i + 1, 1000)
  end do
  print *, i
end program spin
