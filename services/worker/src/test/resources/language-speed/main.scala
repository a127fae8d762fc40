object Main {
  def main(args: Array[String]): Unit = {
    val input = new java.io.BufferedReader(new java.io.InputStreamReader(System.in))
    var sum = 0L
    var line = input.readLine()
    while (line != null) {
      sum += line.trim.toLong
      line = input.readLine()
    }
    println(sum)
  }
}
