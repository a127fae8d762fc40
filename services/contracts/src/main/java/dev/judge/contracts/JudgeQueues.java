package dev.judge.contracts;

import org.springframework.amqp.core.Declarables;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.QueueBuilder;
import org.springframework.amqp.support.converter.JacksonJsonMessageConverter;
import org.springframework.amqp.support.converter.MessageConverter;

/**
 * The queues the services share, declared identically by every service that touches them.
 *
 * <p>RabbitMQ refuses a re-declaration whose arguments differ, so the arguments live here and only here.
 * Messages are published through the default exchange, routed by queue name.
 */
public final class JudgeQueues {

    /** API → workers: {@link JudgeRequest}s. KEDA scales the workers on this queue's depth. */
    public static final String SUBMISSIONS = "judge.submissions";

    /** Requests that failed {@link #DELIVERY_LIMIT} times; the result consumer turns them into INTERNAL_ERROR verdicts. */
    public static final String SUBMISSIONS_DEAD = "judge.submissions.dead";

    /** Workers → result consumer: {@link JudgeResult}s. */
    public static final String RESULTS = "judge.results";

    /** Results the consumer could not record after {@link #DELIVERY_LIMIT} tries; kept for an operator. */
    public static final String RESULTS_DEAD = "judge.results.dead";

    /**
     * How often a message may be returned to its queue (a worker killed mid-run, a failed write)
     * before it is dead-lettered. High enough to outlive a few pod restarts, low enough that a
     * submission that crashes every worker stops doing so within minutes.
     */
    public static final int DELIVERY_LIMIT = 5;

    private JudgeQueues() {
    }

    public static Declarables topology() {
        return new Declarables(
                workQueue(SUBMISSIONS, SUBMISSIONS_DEAD), deadLetterQueue(SUBMISSIONS_DEAD),
                workQueue(RESULTS, RESULTS_DEAD), deadLetterQueue(RESULTS_DEAD));
    }

    /** JSON on the wire; only this package's records may be deserialised from a message's type header. */
    public static MessageConverter messageConverter() {
        var converter = new JacksonJsonMessageConverter(JudgeQueues.class.getPackageName());
        converter.setAlwaysConvertToInferredType(true);
        return converter;
    }

    // Quorum queues: replicated and durable, with a delivery limit, which classic queues lack.
    // At-least-once dead-lettering (which needs reject-publish overflow) so that a dead-lettered
    // submission cannot vanish between the two queues.
    private static Queue workQueue(String name, String deadLetterQueue) {
        return QueueBuilder.durable(name)
                .quorum()
                .deliveryLimit(DELIVERY_LIMIT)
                .deadLetterExchange("")
                .deadLetterRoutingKey(deadLetterQueue)
                .overflow(QueueBuilder.Overflow.rejectPublish)
                .withArgument("x-dead-letter-strategy", "at-least-once")
                .build();
    }

    private static Queue deadLetterQueue(String name) {
        return QueueBuilder.durable(name).quorum().build();
    }
}
