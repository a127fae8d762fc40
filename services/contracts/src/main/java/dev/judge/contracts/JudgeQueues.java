package dev.judge.contracts;

import java.util.ArrayList;
import java.util.List;

import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Declarable;
import org.springframework.amqp.core.Declarables;
import org.springframework.amqp.core.DirectExchange;
import org.springframework.amqp.core.ExchangeBuilder;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.QueueBuilder;
import org.springframework.amqp.support.converter.JacksonJsonMessageConverter;
import org.springframework.amqp.support.converter.MessageConverter;

/**
 * The exchanges and queues the services share, declared identically by every service that declares them.
 *
 * <p>RabbitMQ refuses a re-declaration whose arguments differ, so the arguments live here and only here.
 * Each direction has an exchange of its own, bound to its queue by the queue's name, rather than the
 * default exchange (which reaches every queue): a broker user may then be allowed to publish to
 * exactly one queue. The chart's broker users (charts/judge/templates/rabbitmq/permission.yaml) are
 * granted these names.
 */
public final class JudgeQueues {

    /**
     * API → workers: {@link JudgeRequest}s of the {@link Lane#PRACTICE practice} lane. Its name is the
     * one request queue's from before lanes, kept so that an upgraded broker's waiting requests stay
     * where workers read them. KEDA scales the workers on the depth of every lane's queue.
     */
    public static final String SUBMISSIONS_PRACTICE = "judge.submissions";

    /** API → workers: {@link JudgeRequest}s of the {@link Lane#CONTEST contest} lane, taken first. */
    public static final String SUBMISSIONS_CONTEST = "judge.submissions.contest";

    /** API → workers: {@link JudgeRequest}s of the {@link Lane#REJUDGE rejudge} lane, taken last. */
    public static final String SUBMISSIONS_REJUDGE = "judge.submissions.rejudge";

    /** Requests of any lane that failed {@link #DELIVERY_LIMIT} times; the result consumer turns them into INTERNAL_ERROR verdicts. */
    public static final String SUBMISSIONS_DEAD = "judge.submissions.dead";

    /** Workers → result consumer: {@link JudgeResult}s. */
    public static final String RESULTS = "judge.results";

    /** Results the consumer could not record after {@link #DELIVERY_LIMIT} tries; kept for an operator. */
    public static final String RESULTS_DEAD = "judge.results.dead";

    /**
     * API → workers: {@link ProblemPreparation}s, a problem version's setter programs to build and
     * tests to validate before submissions are taken. KEDA wakes workers for them as for a lane.
     */
    public static final String PREPARATIONS = "judge.preparations";

    /** Workers → result consumer: {@link PreparationResult}s. */
    public static final String PREPARATIONS_DONE = "judge.preparations.done";

    /** Preparations that failed {@link #DELIVERY_LIMIT} times (they crash workers); the consumer marks their versions FAILED. */
    public static final String PREPARATIONS_DEAD = "judge.preparations.dead";

    /**
     * Where the API publishes {@link JudgeRequest}s, routed by their lane's queue name to that queue,
     * and {@link ProblemPreparation}s, routed to {@link #PREPARATIONS}.
     */
    public static final String SUBMISSIONS_EXCHANGE = "judge.exchange.submissions";

    /** Where workers publish {@link JudgeResult}s, routed to {@link #RESULTS}, and {@link PreparationResult}s to {@link #PREPARATIONS_DONE}. */
    public static final String RESULTS_EXCHANGE = "judge.exchange.results";

    /** Where the broker dead-letters both work queues, each to its own dead-letter queue. */
    public static final String DEAD_LETTER_EXCHANGE = "judge.exchange.dead";

    /**
     * How often a message may be returned to its queue (a worker killed mid-run, a failed write)
     * before it is dead-lettered. High enough to outlive a few pod restarts, low enough that a
     * submission that crashes every worker stops doing so within minutes.
     */
    public static final int DELIVERY_LIMIT = 5;

    private JudgeQueues() {}

    public static Declarables topology() {
        Queue submissionsDead = deadLetterQueue(SUBMISSIONS_DEAD);
        Queue results = workQueue(RESULTS, RESULTS_DEAD);
        Queue resultsDead = deadLetterQueue(RESULTS_DEAD);
        Queue preparations = workQueue(PREPARATIONS, PREPARATIONS_DEAD);
        Queue preparationsDone = workQueue(PREPARATIONS_DONE, RESULTS_DEAD);
        Queue preparationsDead = deadLetterQueue(PREPARATIONS_DEAD);
        DirectExchange submissionsExchange = exchange(SUBMISSIONS_EXCHANGE);
        DirectExchange resultsExchange = exchange(RESULTS_EXCHANGE);
        DirectExchange deadLetterExchange = exchange(DEAD_LETTER_EXCHANGE);
        List<Declarable> declarables = new ArrayList<>(List.of(
                submissionsDead,
                results,
                resultsDead,
                submissionsExchange,
                resultsExchange,
                deadLetterExchange,
                BindingBuilder.bind(results).to(resultsExchange).with(RESULTS),
                BindingBuilder.bind(submissionsDead).to(deadLetterExchange).with(SUBMISSIONS_DEAD),
                BindingBuilder.bind(resultsDead).to(deadLetterExchange).with(RESULTS_DEAD),
                preparations,
                preparationsDone,
                preparationsDead,
                BindingBuilder.bind(preparations).to(submissionsExchange).with(PREPARATIONS),
                BindingBuilder.bind(preparationsDone).to(resultsExchange).with(PREPARATIONS_DONE),
                BindingBuilder.bind(preparationsDead).to(deadLetterExchange).with(PREPARATIONS_DEAD)));
        for (Lane lane : Lane.values()) {
            Queue requests = workQueue(lane.queue(), SUBMISSIONS_DEAD);
            declarables.add(requests);
            declarables.add(
                    BindingBuilder.bind(requests).to(submissionsExchange).with(lane.queue()));
        }
        return new Declarables(declarables);
    }

    /**
     * The version of the message contract ({@link JudgeRequest}, {@link JudgeResult}), sent in the
     * {@value #CONTRACT_VERSION_HEADER} header of every message. A new version may only add fields,
     * which readers of an older one ignore; a reader reads every version up to its own, and a message
     * without the header as version 1. Rolling upgrades rely on both.
     *
     * <p>Version 2 added checkers, interactors and subtasks to the request, scores to the result.
     * Version 3 lets a request carry a {@link TestData} reference instead of its tests; a worker of
     * version 2 fails such a request (INTERNAL_ERROR), so upgrade workers before the API sends them.
     * Version 4 added the request's {@code judgement} and lets an interactive request carry a checker
     * of what its interactor wrote; a worker of version 3 would let the interactor alone decide, so
     * again upgrade workers first.
     * Version 5 added problem preparations ({@link ProblemPreparation}, {@link PreparationResult}) on
     * queues of their own; a version with setter programs stays PREPARING until a worker and a
     * consumer of version 5 run, so upgrade them before the API.
     * Version 6 added a preparation's {@link TestGeneration}; a worker of version 5 would validate the
     * placeholders of tests still to be generated, so upgrade workers before the API. It also added
     * {@link SetterLimits} to requests and preparations, which a worker of version 5 ignores.
     * Version 7 added a custom checker's {@link Checker.Scores}; a worker of version 6 reads every
     * score as a share and fails a checker's {@code quitp(10)} (INTERNAL_ERROR), so upgrade workers first;
     * and to a {@link TestGeneration} the main solution's own limits, which a worker of version 6 ignores,
     * and the files its generators share, without which a worker of version 6 fails to build them.
     * Version 8 added a group's {@link JudgeRequest.Group.Scoring} and its tests' points; a worker of
     * version 7 scores an EACH_TEST group as a whole, so upgrade workers first. It also added a
     * PREPARING {@link PreparationResult}, a preparation's progress, which a consumer of version 7
     * records as if the preparation had ended PREPARING (no harm: its final result follows), so upgrade
     * the consumer with the workers.
     * Version 9 added a request's {@link JudgeRequest.Program}: files beside the source, the name it
     * is saved as, compile options. A worker of version 8 would build the source alone (a compilation
     * error where it needs the others), so upgrade workers first.
     * Version 10 lets a run without a problem carry several inputs (a test case each, none with an
     * expected output); a worker of version 9 takes them for a problem's tests and fails the run
     * (INTERNAL_ERROR), so upgrade workers first.
     * Version 11 added a request's {@code outputs}, an output-only problem's submission; a worker of
     * version 10 looks for the language {@link JudgeRequest#OUTPUT_ONLY} and fails it (INTERNAL_ERROR),
     * so upgrade workers first.
     * Version 12 added a request's {@code instances} (a communication problem's) and {@code passes} (a
     * multi-pass problem's); a worker of version 11 runs one instance once and misjudges such a problem,
     * so upgrade workers first.
     * Version 13 added the checker kind {@link Checker.Kind#TOKENS} (a problem package's default output
     * validator, with its {@link Checker.Tokens} flags) and a setter program's {@link ProblemProgram.Protocol}
     * (a package's output validators); a worker of version 12 cannot read the first and would run a
     * validator as a testlib checker, so upgrade workers first.
     * Version 14 added a preparation's {@link TimeLimitInference} and a result's {@code timeLimitMs}; a worker
     * of version 13 would judge the example submissions under the provisional limit and infer nothing, and a
     * consumer of version 13 would not record the limit, so upgrade both before the API.
     * Version 15 added a preparation's {@code furtherValidators} (a package's several input validators); a
     * worker of version 14 would run the first alone, so upgrade workers first.
     * Version 16 added a result's test's {@code judgeMessage}, what a package validator says for the judges
     * alone (its {@code checkerMessage} is now the team's); a consumer of version 15 drops it, so upgrade
     * consumers before workers.
     * Version 17 added a request's {@code kind} ({@link TaskKind}), which the worker judges by; one of
     * version 16 reads it from the request's outputs, interactor and instances, as a worker of version 17
     * does for a message without it, so the order does not matter.
     * Version 18 added {@link ProblemProgram.Protocol#CMS} for checkers; a worker of version 17 cannot
     * read a request whose checker has it, so upgrade workers first.
     */
    public static final int CONTRACT_VERSION = 18;

    public static final String CONTRACT_VERSION_HEADER = "judge-contract-version";

    /**
     * JSON on the wire, with the contract's version; only this package's records may be deserialised
     * from a message's type header.
     */
    public static MessageConverter messageConverter() {
        var json = new JacksonJsonMessageConverter(JudgeQueues.class.getPackageName());
        json.setAlwaysConvertToInferredType(true);
        return new MessageConverter() {
            @Override
            public Message toMessage(Object object, MessageProperties properties) {
                properties.setHeader(CONTRACT_VERSION_HEADER, CONTRACT_VERSION);
                return json.toMessage(object, properties);
            }

            @Override
            public Object fromMessage(Message message) {
                return json.fromMessage(message);
            }
        };
    }

    // Quorum queues: replicated and durable, with a delivery limit, which classic queues lack.
    // At-least-once dead-lettering (which needs reject-publish overflow) so that a dead-lettered
    // submission cannot vanish between the two queues.
    private static Queue workQueue(String name, String deadLetterQueue) {
        return QueueBuilder.durable(name)
                .quorum()
                .deliveryLimit(DELIVERY_LIMIT)
                .deadLetterExchange(DEAD_LETTER_EXCHANGE)
                .deadLetterRoutingKey(deadLetterQueue)
                .overflow(QueueBuilder.Overflow.rejectPublish)
                .withArgument("x-dead-letter-strategy", "at-least-once")
                .build();
    }

    private static Queue deadLetterQueue(String name) {
        return QueueBuilder.durable(name).quorum().build();
    }

    private static DirectExchange exchange(String name) {
        return ExchangeBuilder.directExchange(name).durable(true).build();
    }
}
