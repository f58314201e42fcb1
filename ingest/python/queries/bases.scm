; Base classes of a class definition (keyword arguments such as
; `metaclass=` are not bases).
(class_definition
  superclasses: (argument_list
    [(identifier) (attribute) (subscript) (call)] @base))
