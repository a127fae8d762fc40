package dev.judge.worker.sandbox;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class SandboxConfiguration {

    @Bean
    Sandbox sandbox() {
        return new PlainProcessSandbox();
    }
}
