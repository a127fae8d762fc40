package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	var total int64
	for scanner.Scan() {
		number, _ := strconv.ParseInt(scanner.Text(), 10, 64)
		total += number
	}
	fmt.Println(total)
}
