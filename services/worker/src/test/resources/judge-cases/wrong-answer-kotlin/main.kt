fun main() {
    val (a, b) = readln().trim().split(Regex(" +")).map { it.toLong() }
    println(a + b + 1)
}
