fun main() {
    val input = System.`in`.bufferedReader()
    var sum = 0L
    while (true) {
        val line = input.readLine() ?: break
        sum += line.trim().toLong()
    }
    println(sum)
}
