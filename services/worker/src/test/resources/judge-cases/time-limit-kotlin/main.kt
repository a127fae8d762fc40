fun main() {
    var i = 0L
    while (i >= 0) i = (i + 1) % 1000
    println(i)
}
