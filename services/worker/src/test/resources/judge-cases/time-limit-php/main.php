<?php
while (true) {}
