object Main {
  def main(args: Array[String]): Unit = {
    val Array(a, b) = scala.io.StdIn.readLine().trim.split(" +").map(_.toLong)
    println(a + b)
  }
}
