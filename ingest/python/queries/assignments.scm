; Bindings the resolver uses to infer receiver types (`x = C()`,
; `self.repo: Repo = repo`) and a module's `__all__`.
(assignment
  left: [(identifier) (attribute)] @assignment.target) @assignment

(augmented_assignment
  left: (identifier) @assignment.target) @assignment.augmented
