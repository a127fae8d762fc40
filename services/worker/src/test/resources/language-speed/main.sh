sum=0
while read -r value; do
    sum=$((sum + value))
done
echo "$sum"
