program sum
  implicit none
  integer(kind=8) :: total, number
  integer :: status
  total = 0
  do
    read (*, *, iostat=status) number
    if (status /= 0) exit
    total = total + number
  end do
  print '(i0)', total
end program sum
