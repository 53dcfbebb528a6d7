/// The JSON Schema of plan files (draft-07), which `flowgraph schema` prints.
///
/// Editors use it to complete and check plans: every key, the three libraries, nested FlowStacks, deep-link
/// rules, route and action names. It checks shape only; navigation that FlowStacks rejects (a `pop` of a
/// sheet) still needs `flowgraph`. A copy is committed as `docs/plan.schema.json`; a test keeps the two equal
/// and validates every sample against it.
enum PlanSchema {
    /// The schema's text, pretty-printed, ending in a newline.
    static let text = #"""
        {
          "$schema": "http://json-schema.org/draft-07/schema#",
          "$id": "https://github.com/flowgraph/flowgraph/plan.schema.json",
          "title": "FlowGraph plan",
          "description": "A navigation plan for flowgraph (render, steps): a FlowStack's root and routes and the change to draw, for FlowStacks (default), SwiftfulRouting or swiftui-navigation-stack. Print this schema with `flowgraph schema`; see docs/plans.md.",
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "$schema": {
              "type": "string",
              "description": "The schema this file follows, for editors."
            },
            "title": {
              "type": [
                "string",
                "null"
              ],
              "description": "Shown at the top of the diagram."
            },
            "library": {
              "description": "The navigation library the plan is written for (default flowstacks). Case, spaces, '-' and '_' are ignored.",
              "anyOf": [
                {
                  "enum": [
                    "flowstacks",
                    "swiftfulrouting",
                    "navigationstack",
                    "swiftui-navigation-stack"
                  ]
                },
                {
                  "type": "string",
                  "pattern": "^[ _-]*([fF][ _-]*[lL][ _-]*[oO][ _-]*[wW][ _-]*[sS][ _-]*[tT][ _-]*[aA][ _-]*[cC][ _-]*[kK][ _-]*[sS]|[sS][ _-]*[wW][ _-]*[iI][ _-]*[fF][ _-]*[tT][ _-]*[fF][ _-]*[uU][ _-]*[lL][ _-]*[rR][ _-]*[oO][ _-]*[uU][ _-]*[tT][ _-]*([iI][ _-]*[nN][ _-]*[gG]|[eE][ _-]*[rR])|([sS][ _-]*[wW][ _-]*[iI][ _-]*[fF][ _-]*[tT][ _-]*[uU][ _-]*[iI][ _-]*)?[nN][ _-]*[aA][ _-]*[vV][ _-]*[iI][ _-]*[gG][ _-]*[aA][ _-]*[tT][ _-]*[iI][ _-]*[oO][ _-]*[nN][ _-]*[sS][ _-]*[tT][ _-]*[aA][ _-]*[cC][ _-]*[kK])[ _-]*$"
                }
              ]
            },
            "root": {
              "$ref": "#/definitions/root"
            },
            "platform": {
              "description": "ios17 (default: several dismissals in one update) or ios16 (one per update); a list compares them side by side. FlowStacks plans only.",
              "anyOf": [
                {
                  "$ref": "#/definitions/platform"
                },
                {
                  "type": "array",
                  "items": {
                    "$ref": "#/definitions/platform"
                  },
                  "minItems": 1,
                  "maxItems": 2,
                  "uniqueItems": true
                }
              ]
            },
            "navigationStack": {
              "description": "true: the FlowStack uses NavigationStack (several pushes in one update); false (default): NavigationView; [false, true] compares them. FlowStacks plans only.",
              "anyOf": [
                {
                  "type": "boolean"
                },
                {
                  "type": "array",
                  "items": {
                    "type": "boolean"
                  },
                  "minItems": 1,
                  "maxItems": 2,
                  "uniqueItems": true
                }
              ]
            },
            "start": {
              "description": "The routes before the change (default []). SwiftfulRouting and swiftui-navigation-stack plans list their screens as the library writes them."
            },
            "end": {
              "description": "The routes after the change: one transition from start to end.",
              "$ref": "#/definitions/routeList"
            },
            "actions": {
              "description": "Calls run one after another from start, one transition each: FlowNavigator calls for FlowStacks, router or navigationStack calls for the other libraries.",
              "type": "array"
            },
            "states": {
              "description": "Successive states: start → states[0] → states[1] …; without start, states[0] is taken as the start (with a warning).",
              "type": "array",
              "items": {
                "$ref": "#/definitions/routeList"
              }
            },
            "coordinator": {
              "type": "string",
              "minLength": 1,
              "description": "The name of the top coordinator, which actions and deep-link rules address with \"in\"."
            },
            "deeplink": {
              "$ref": "#/definitions/deeplink"
            },
            "transitionType": {
              "type": "string",
              "description": "swiftui-navigation-stack: the NavigationStackView's transitionType as Swift, e.g. \".default\" or \".custom(.scale)\"."
            },
            "easing": {
              "type": "string",
              "description": "swiftui-navigation-stack: the animation as Swift, e.g. \".spring(response: 0.5, dampingFraction: 0.25)\"."
            }
          },
          "not": {
            "description": "At most one of end, actions, states describes the change.",
            "anyOf": [
              {
                "required": [
                  "end",
                  "actions"
                ]
              },
              {
                "required": [
                  "end",
                  "states"
                ]
              },
              {
                "required": [
                  "actions",
                  "states"
                ]
              }
            ]
          },
          "allOf": [
            {
              "if": {
                "properties": {
                  "library": {
                    "pattern": "^[ _-]*[sSnN]"
                  }
                },
                "required": [
                  "library"
                ]
              },
              "then": {
                "description": "SwiftfulRouting and swiftui-navigation-stack apply each call in one update: no FlowStacks rules, the change is 'actions'.",
                "properties": {
                  "platform": false,
                  "navigationStack": false,
                  "end": false,
                  "states": false,
                  "start": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "actions": {
                    "items": {
                      "type": "string"
                    }
                  },
                  "root": {
                    "anyOf": [
                      {
                        "type": "string"
                      },
                      {
                        "type": "object",
                        "properties": {
                          "withNavigation": {
                            "const": true
                          }
                        }
                      }
                    ]
                  }
                }
              },
              "else": {
                "properties": {
                  "start": {
                    "$ref": "#/definitions/routeList"
                  },
                  "actions": {
                    "items": {
                      "$ref": "#/definitions/action"
                    }
                  },
                  "transitionType": false,
                  "easing": false
                }
              }
            },
            {
              "if": {
                "properties": {
                  "library": {
                    "pattern": "^[ _-]*[sS][ _-]*[wW][ _-]*[iI][ _-]*[fF][ _-]*[tT][ _-]*[fF]"
                  }
                },
                "required": [
                  "library"
                ]
              },
              "then": {
                "properties": {
                  "transitionType": false,
                  "easing": false
                }
              }
            }
          ],
          "definitions": {
            "platform": {
              "anyOf": [
                {
                  "enum": [
                    "ios16",
                    "ios17"
                  ]
                },
                {
                  "type": "string",
                  "pattern": "^ *[iI] *[oO] *[sS] *1 *[67] *$"
                }
              ]
            },
            "screen": {
              "type": "string",
              "minLength": 1,
              "description": "A screen: any balanced Swift expression, e.g. Home, 7 or .profile(userID: \"u1\")."
            },
            "root": {
              "description": "The FlowStack's root screen, shown with navigation; or {\"screen\": …, \"withNavigation\": false}. A screen, never a route such as \".push(Home)\".",
              "anyOf": [
                {
                  "$ref": "#/definitions/rootScreen"
                },
                {
                  "type": "object",
                  "additionalProperties": false,
                  "required": [
                    "screen"
                  ],
                  "properties": {
                    "screen": {
                      "$ref": "#/definitions/rootScreen"
                    },
                    "withNavigation": {
                      "type": "boolean"
                    }
                  }
                }
              ]
            },
            "rootScreen": {
              "allOf": [
                {
                  "$ref": "#/definitions/screen"
                },
                {
                  "not": {
                    "pattern": "^\\s*\\.(push|sheet|cover)\\s*\\("
                  }
                }
              ]
            },
            "route": {
              "type": "string",
              "pattern": "^\\s*\\.(push|sheet|cover)\\s*\\(.*\\)\\s*$",
              "description": "A route in Swift notation: .push(X), .sheet(X), .sheet(X, withNavigation: true), .cover(X), .cover(X, withNavigation: true)."
            },
            "routeList": {
              "description": "An array of routes (each a string, or {\"route\": …, \"child\": …} for a nested FlowStack), or one string holding a whole list such as \"[.push(A), .sheet(B)]\".",
              "anyOf": [
                {
                  "type": "string"
                },
                {
                  "type": "array",
                  "items": {
                    "anyOf": [
                      {
                        "$ref": "#/definitions/route"
                      },
                      {
                        "$ref": "#/definitions/nestedRoute"
                      }
                    ]
                  }
                }
              ]
            },
            "nestedRoute": {
              "type": "object",
              "additionalProperties": false,
              "required": [
                "route"
              ],
              "description": "A route hosting a child FlowStack.",
              "properties": {
                "route": {
                  "$ref": "#/definitions/route"
                },
                "child": {
                  "$ref": "#/definitions/child"
                }
              }
            },
            "child": {
              "type": "object",
              "additionalProperties": false,
              "required": [
                "ownsRoutes",
                "root"
              ],
              "description": "A child FlowStack: ownsRoutes true for its own binding (FlowStack($routes)), false to share the parent's path.",
              "properties": {
                "name": {
                  "type": "string",
                  "pattern": "\\S"
                },
                "ownsRoutes": {
                  "type": "boolean"
                },
                "root": {
                  "$ref": "#/definitions/root"
                },
                "routes": {
                  "$ref": "#/definitions/routeList"
                }
              }
            },
            "action": {
              "anyOf": [
                {
                  "type": "string",
                  "pattern": "^\\s*([A-Za-z_][A-Za-z0-9_]*\\s*\\.\\s*)*\\.?(push|presentSheet|presentCover|goBack|goBackTo|goBackToRoot|pop|popTo|popToRoot|popToCurrentNavigationRoot|dismiss|dismissAll)\\s*\\(.*\\)\\s*$",
                  "description": "A FlowNavigator call: push(X), presentSheet(X, withNavigation: true), goBack(2), goBackTo(X), popTo(index: 0), dismiss(count: 2), dismissAll() …, also with the receiver code writes: navigator.push(.detail), routes.goBack()"
                },
                {
                  "type": "object",
                  "additionalProperties": false,
                  "required": [
                    "action"
                  ],
                  "description": "An action addressed to a coordinator, or presenting a child FlowStack.",
                  "properties": {
                    "action": {
                      "type": "string",
                      "pattern": "^\\s*([A-Za-z_][A-Za-z0-9_]*\\s*\\.\\s*)*\\.?(push|presentSheet|presentCover|goBack|goBackTo|goBackToRoot|pop|popTo|popToRoot|popToCurrentNavigationRoot|dismiss|dismissAll)\\s*\\(.*\\)\\s*$"
                    },
                    "in": {
                      "type": "string",
                      "minLength": 1
                    },
                    "child": {
                      "$ref": "#/definitions/child"
                    }
                  }
                }
              ]
            },
            "deeplink": {
              "type": "object",
              "additionalProperties": false,
              "required": [
                "rules"
              ],
              "description": "Deep-link rules: the first rule whose pattern matches the URL gives the actions or routes.",
              "properties": {
                "url": {
                  "type": "string",
                  "description": "The URL to follow (flowgraph --url overrides it)."
                },
                "rules": {
                  "type": "array",
                  "minItems": 1,
                  "items": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": [
                      "match"
                    ],
                    "properties": {
                      "match": {
                        "type": "string",
                        "description": "A URL pattern, e.g. flowstacksapp://numbers/{n:int}..."
                      },
                      "in": {
                        "type": "string",
                        "minLength": 1
                      },
                      "actions": {
                        "type": "array",
                        "items": {
                          "$ref": "#/definitions/action"
                        }
                      },
                      "routes": {
                        "$ref": "#/definitions/routeList"
                      }
                    },
                    "oneOf": [
                      {
                        "required": [
                          "actions"
                        ]
                      },
                      {
                        "required": [
                          "routes"
                        ]
                      }
                    ]
                  }
                }
              }
            }
          }
        }

        """#
}
