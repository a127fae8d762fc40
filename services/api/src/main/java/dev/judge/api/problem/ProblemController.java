package dev.judge.api.problem;

import jakarta.validation.Valid;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.UriComponentsBuilder;

import dev.judge.api.system.NotFoundException;

@RestController
@RequestMapping("/api/problems")
class ProblemController {

    private final ProblemRepository problems;

    ProblemController(ProblemRepository problems) {
        this.problems = problems;
    }

    @PostMapping
    ResponseEntity<ProblemView> create(@Valid @RequestBody ProblemRequest request, UriComponentsBuilder uri) {
        long id = problems.insert(request);
        ProblemView created = get(id);
        return ResponseEntity.created(uri.path("/api/problems/{id}").build(id)).body(created);
    }

    @GetMapping("/{id}")
    ProblemView get(@PathVariable long id) {
        return problems.find(id).orElseThrow(() -> new NotFoundException("problem", id));
    }
}
