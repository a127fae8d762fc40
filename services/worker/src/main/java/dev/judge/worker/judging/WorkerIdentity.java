package dev.judge.worker.judging;

import java.net.InetAddress;
import java.net.UnknownHostException;

import org.springframework.stereotype.Component;

/** This worker's name in results and logs: the pod name on Kubernetes, the host name elsewhere. */
@Component
public class WorkerIdentity {

    private final String name;

    public WorkerIdentity() {
        String hostname = System.getenv("HOSTNAME");
        if (hostname == null || hostname.isBlank()) {
            try {
                hostname = InetAddress.getLocalHost().getHostName();
            } catch (UnknownHostException e) {
                hostname = "unknown";
            }
        }
        this.name = hostname + "/" + ProcessHandle.current().pid();
    }

    public String name() {
        return name;
    }
}
