package dev.judge.api.access;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springdoc.core.utils.SpringDocUtils;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Every {@code /api/**} request but the language list's is from a known {@link Caller} before it
 * reaches a controller (401 otherwise), and a controller may take that caller as a parameter.
 */
@Configuration(proxyBeanMethods = false)
class AccessConfiguration implements WebMvcConfigurer {

    private static final String CALLER = Caller.class.getName();

    static {
        // A parameter filled from the request's credentials, not one a client sends.
        SpringDocUtils.getConfig().addRequestWrapperToIgnore(Caller.class);
    }

    private final Callers callers;

    AccessConfiguration(Callers callers) {
        this.callers = callers;
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new HandlerInterceptor() {
                    @Override
                    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
                        request.setAttribute(CALLER, callers.resolve(request.getHeader(HttpHeaders.AUTHORIZATION)));
                        return true;
                    }
                })
                .addPathPatterns("/api/**")
                .excludePathPatterns("/api/languages", "/api/languages/**");
    }

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(new HandlerMethodArgumentResolver() {
            @Override
            public boolean supportsParameter(MethodParameter parameter) {
                return parameter.getParameterType() == Caller.class;
            }

            @Override
            public Object resolveArgument(
                    MethodParameter parameter,
                    ModelAndViewContainer container,
                    NativeWebRequest request,
                    WebDataBinderFactory binders) {
                Object caller = request.getAttribute(CALLER, RequestAttributes.SCOPE_REQUEST);
                if (caller == null) {
                    throw new IllegalStateException(
                            "No caller: " + parameter.getExecutable() + " is not under /api/**");
                }
                return caller;
            }
        });
    }
}
