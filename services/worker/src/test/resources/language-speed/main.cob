       IDENTIFICATION DIVISION.
       PROGRAM-ID. MAIN.
       DATA DIVISION.
       WORKING-STORAGE SECTION.
       01 LINE-IN PIC X(40).
       01 AT-END PIC X VALUE "N".
       01 TOTAL PIC S9(18) VALUE 0.
       01 TOTAL-OUT PIC -(18)9.
       PROCEDURE DIVISION.
           PERFORM UNTIL AT-END = "Y"
               ACCEPT LINE-IN
                   ON EXCEPTION
                       MOVE "Y" TO AT-END
                   NOT ON EXCEPTION
                       ADD FUNCTION NUMVAL(LINE-IN) TO TOTAL
               END-ACCEPT
           END-PERFORM
           MOVE TOTAL TO TOTAL-OUT
           DISPLAY FUNCTION TRIM(TOTAL-OUT)
           STOP RUN.
