/**
 * The code hub's languages (issue 13: more than 20 with highlighting), each with the extension
 * of its main file and a hello-world template. No zod here so the editor's chunk stays small.
 */
export interface CodeLanguage {
  id: string;
  label: string;
  /** The main file of a new project. */
  mainFile: string;
  template: string;
}

export const CODE_LANGUAGES = [
  {
    id: 'python',
    label: 'Python',
    mainFile: 'main.py',
    template:
      'def main():\n    print("Hello, world!")\n\n\nif __name__ == "__main__":\n    main()\n',
  },
  {
    id: 'javascript',
    label: 'JavaScript',
    mainFile: 'index.js',
    template: "function main() {\n  console.log('Hello, world!');\n}\n\nmain();\n",
  },
  {
    id: 'typescript',
    label: 'TypeScript',
    mainFile: 'index.ts',
    template:
      "function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n\nconsole.log(greet('world'));\n",
  },
  {
    id: 'html',
    label: 'HTML',
    mainFile: 'index.html',
    template:
      '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8" />\n    <title>Hello</title>\n  </head>\n  <body>\n    <h1>Hello, world!</h1>\n  </body>\n</html>\n',
  },
  {
    id: 'css',
    label: 'CSS',
    mainFile: 'style.css',
    template:
      'body {\n  font-family: system-ui, sans-serif;\n}\n\nh1::after {\n  content: "Hello, world!";\n}\n',
  },
  {
    id: 'java',
    label: 'Java',
    mainFile: 'Main.java',
    template:
      'public class Main {\n    public static void main(String[] args) {\n        System.out.println("Hello, world!");\n    }\n}\n',
  },
  {
    id: 'c',
    label: 'C',
    mainFile: 'main.c',
    template:
      '#include <stdio.h>\n\nint main(void) {\n    printf("Hello, world!\\n");\n    return 0;\n}\n',
  },
  {
    id: 'cpp',
    label: 'C++',
    mainFile: 'main.cpp',
    template:
      '#include <iostream>\n\nint main() {\n    std::cout << "Hello, world!" << std::endl;\n    return 0;\n}\n',
  },
  {
    id: 'csharp',
    label: 'C#',
    mainFile: 'Program.cs',
    template:
      'using System;\n\nclass Program\n{\n    static void Main()\n    {\n        Console.WriteLine("Hello, world!");\n    }\n}\n',
  },
  {
    id: 'go',
    label: 'Go',
    mainFile: 'main.go',
    template: 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("Hello, world!")\n}\n',
  },
  {
    id: 'rust',
    label: 'Rust',
    mainFile: 'main.rs',
    template: 'fn main() {\n    println!("Hello, world!");\n}\n',
  },
  {
    id: 'php',
    label: 'PHP',
    mainFile: 'index.php',
    template: '<?php\n\nfunction main(): void\n{\n    echo "Hello, world!\\n";\n}\n\nmain();\n',
  },
  {
    id: 'ruby',
    label: 'Ruby',
    mainFile: 'main.rb',
    template: 'def main\n  puts "Hello, world!"\nend\n\nmain\n',
  },
  {
    id: 'kotlin',
    label: 'Kotlin',
    mainFile: 'Main.kt',
    template: 'fun main() {\n    println("Hello, world!")\n}\n',
  },
  {
    id: 'swift',
    label: 'Swift',
    mainFile: 'main.swift',
    template: 'func main() {\n    print("Hello, world!")\n}\n\nmain()\n',
  },
  {
    id: 'scala',
    label: 'Scala',
    mainFile: 'Main.scala',
    template:
      'object Main {\n  def main(args: Array[String]): Unit = {\n    println("Hello, world!")\n  }\n}\n',
  },
  {
    id: 'shell',
    label: 'Shell',
    mainFile: 'main.sh',
    template: '#!/bin/sh\n\ngreet() {\n  echo "Hello, $1!"\n}\n\ngreet world\n',
  },
  {
    id: 'lua',
    label: 'Lua',
    mainFile: 'main.lua',
    template: 'local function main()\n  print("Hello, world!")\nend\n\nmain()\n',
  },
  {
    id: 'perl',
    label: 'Perl',
    mainFile: 'main.pl',
    template: 'use strict;\nuse warnings;\n\nprint "Hello, world!\\n";\n',
  },
  {
    id: 'r',
    label: 'R',
    mainFile: 'main.R',
    template: 'main <- function() {\n  print("Hello, world!")\n}\n\nmain()\n',
  },
  {
    id: 'haskell',
    label: 'Haskell',
    mainFile: 'Main.hs',
    template: 'main :: IO ()\nmain = putStrLn "Hello, world!"\n',
  },
  {
    id: 'sql',
    label: 'SQL',
    mainFile: 'query.sql',
    template: "-- Hello, world!\nSELECT 'Hello, world!' AS greeting;\n",
  },
  {
    id: 'markdown',
    label: 'Markdown',
    mainFile: 'README.md',
    template: '# Hello, world!\n\nA *Markdown* document with a [link](https://example.com).\n',
  },
  {
    id: 'yaml',
    label: 'YAML',
    mainFile: 'config.yaml',
    template: '# Hello, world!\ngreeting:\n  text: "Hello, world!"\n  loud: true\n',
  },
  {
    id: 'json',
    label: 'JSON',
    mainFile: 'data.json',
    template: '{\n  "greeting": "Hello, world!",\n  "count": 1\n}\n',
  },
] as const satisfies readonly CodeLanguage[];

export type CodeLanguageId = (typeof CODE_LANGUAGES)[number]['id'];
export const CODE_LANGUAGE_IDS = CODE_LANGUAGES.map((language) => language.id) as [
  CodeLanguageId,
  ...CodeLanguageId[],
];

/** A file's language from its extension ('plaintext' when none matches). */
const EXTENSIONS: Record<string, CodeLanguageId> = {
  py: 'python',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  html: 'html',
  htm: 'html',
  css: 'css',
  java: 'java',
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  cc: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  go: 'go',
  rs: 'rust',
  php: 'php',
  rb: 'ruby',
  kt: 'kotlin',
  kts: 'kotlin',
  swift: 'swift',
  scala: 'scala',
  sh: 'shell',
  bash: 'shell',
  lua: 'lua',
  pl: 'perl',
  pm: 'perl',
  r: 'r',
  hs: 'haskell',
  sql: 'sql',
  md: 'markdown',
  markdown: 'markdown',
  yaml: 'yaml',
  yml: 'yaml',
  json: 'json',
};

export function languageOfFile(filename: string): CodeLanguageId | 'plaintext' {
  const dot = filename.lastIndexOf('.');
  if (dot < 0) return 'plaintext';
  return EXTENSIONS[filename.slice(dot + 1).toLowerCase()] ?? 'plaintext';
}

export function findLanguage(id: string): CodeLanguage | undefined {
  return CODE_LANGUAGES.find((language) => language.id === id);
}
