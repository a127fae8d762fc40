@main def Main(): Unit =
  val Array(a, b) = scala.io.StdIn.readLine().trim.split(" +").map(_.toLong)
  println(a + b + 1)
